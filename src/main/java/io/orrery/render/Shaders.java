package io.orrery.render;

/**
 * The GLSL 3.30 programs: one draws surfaces (colour and segmentation labels at once, lit as docs/cameras.md
 * describes), one writes depth. Both take vertices in the eye frame through one model-view matrix composed in double
 * precision on the CPU, and do their lighting in the eye frame, so no world coordinate is ever a float.
 */
final class Shaders {

    static final int POSITION = 0;
    static final int NORMAL = 1;
    static final int UV = 2;

    /** The most lights one frame is lit by; a scene's further lights are left out (and logged once). */
    static final int MAX_LIGHTS = 16;

    private Shaders() {}

    static final String VERTEX = """
            #version 330 core
            layout(location = 0) in vec3 aPosition;
            layout(location = 1) in vec3 aNormal;
            layout(location = 2) in vec2 aUv;
            uniform mat4 uModelView;
            uniform mat4 uProjection;
            out vec3 vEye;
            out vec3 vNormal;
            out vec2 vUv;
            void main() {
                vec4 eye = uModelView * vec4(aPosition, 1.0);
                vEye = eye.xyz;
                // model-view is rigid: its rotation turns normals too
                vNormal = mat3(uModelView) * aNormal;
                vUv = aUv;
                gl_Position = uProjection * eye;
            }
            """;

    /**
     * Blinn-Phong, per fragment: emissive, plus the scene's ambient times the material's ambient, plus for each light
     * its attenuation and spot factor times (diffuse · albedo · n·l + specular · (n·h)^shininess); no specular term
     * without a shininess. The albedo is the diffuse colour times the albedo map. Clamped to 0..1, no gamma.
     */
    static final String SURFACE = """
            #version 330 core
            const int MAX_LIGHTS = %d;
            in vec3 vEye;
            in vec3 vNormal;
            in vec2 vUv;
            layout(location = 0) out vec4 outColor;
            layout(location = 1) out vec4 outLabel;
            uniform vec3 uSceneAmbient;
            uniform int uLightCount;
            uniform int uLightType[MAX_LIGHTS];
            uniform vec3 uLightPosition[MAX_LIGHTS];
            uniform vec3 uLightDirection[MAX_LIGHTS];
            uniform vec3 uLightDiffuse[MAX_LIGHTS];
            uniform vec3 uLightSpecular[MAX_LIGHTS];
            uniform vec4 uLightAttenuation[MAX_LIGHTS];
            uniform vec3 uLightSpot[MAX_LIGHTS];
            uniform vec4 uAmbient;
            uniform vec4 uDiffuse;
            uniform vec4 uSpecular;
            uniform vec3 uEmissive;
            uniform float uShininess;
            uniform bool uLit;
            uniform bool uDoubleSided;
            uniform bool uTextured;
            uniform sampler2D uAlbedo;
            uniform float uOpacity;
            uniform vec3 uLabel;
            uniform bool uShade;

            void main() {
                vec4 texel = uTextured ? texture(uAlbedo, vUv) : vec4(1.0);
                if (texel.a < 0.5) {
                    discard; // the albedo map's alpha cuts the surface, as Gazebo's does
                }
                outLabel = vec4(uLabel, 1.0);
                if (!uShade) {
                    outColor = vec4(0.0);
                    return;
                }
                vec3 albedo = uDiffuse.rgb * texel.rgb;
                vec3 color;
                if (!uLit) {
                    color = albedo + uEmissive;
                } else {
                    vec3 n = normalize(vNormal);
                    if (uDoubleSided && !gl_FrontFacing) {
                        n = -n;
                    }
                    vec3 v = normalize(-vEye);
                    color = uEmissive + uSceneAmbient * uAmbient.rgb * texel.rgb;
                    for (int i = 0; i < uLightCount; i++) {
                        vec3 l;
                        float strength = 1.0;
                        if (uLightType[i] == 1) {
                            l = -uLightDirection[i];
                        } else {
                            vec3 toLight = uLightPosition[i] - vEye;
                            float d = length(toLight);
                            l = toLight / d;
                            vec4 a = uLightAttenuation[i];
                            strength = d > a.x ? 0.0 : 1.0 / max(a.y + a.z * d + a.w * d * d, 1e-6);
                            if (uLightType[i] == 2) {
                                vec3 s = uLightSpot[i];
                                float c = dot(-l, uLightDirection[i]);
                                float t = s.x > s.y ? clamp((c - s.y) / (s.x - s.y), 0.0, 1.0) : (c >= s.y ? 1.0 : 0.0);
                                strength *= t <= 0.0 ? 0.0 : (s.z == 0.0 ? 1.0 : pow(t, s.z));
                            }
                        }
                        float nl = dot(n, l);
                        if (nl <= 0.0 || strength == 0.0) {
                            continue;
                        }
                        color += strength * uLightDiffuse[i] * albedo * nl;
                        if (uShininess > 0.0) {
                            vec3 h = normalize(l + v);
                            color += strength * uLightSpecular[i] * uSpecular.rgb * pow(max(dot(n, h), 0.0), uShininess);
                        }
                    }
                }
                outColor = vec4(clamp(color, 0.0, 1.0), uOpacity * uDiffuse.a * texel.a);
            }
            """.formatted(MAX_LIGHTS);

    /**
     * Depth as gz-sensors' depth camera gives it: metres along the optical axis; +inf beyond the far clip (by range,
     * as gz-rendering tests it) and −inf nearer than the near clip (by depth).
     */
    static final String DEPTH = """
            #version 330 core
            in vec3 vEye;
            in vec2 vUv;
            layout(location = 0) out float outDepth;
            uniform float uNear;
            uniform float uFar;
            uniform bool uTextured;
            uniform sampler2D uAlbedo;

            void main() {
                if (uTextured && texture(uAlbedo, vUv).a < 0.5) {
                    discard;
                }
                float d = -vEye.z;
                if (length(vEye) > uFar) {
                    outDepth = uintBitsToFloat(0x7F800000u);
                } else if (d < uNear) {
                    outDepth = uintBitsToFloat(0xFF800000u);
                } else {
                    outDepth = d;
                }
            }
            """;
}
