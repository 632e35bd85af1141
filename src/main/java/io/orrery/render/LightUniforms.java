package io.orrery.render;

import static org.lwjgl.opengl.GL33C.glUniform1i;
import static org.lwjgl.opengl.GL33C.glUniform1iv;
import static org.lwjgl.opengl.GL33C.glUniform3fv;
import static org.lwjgl.opengl.GL33C.glUniform4fv;

import io.orrery.world.LightSpec;

/**
 * A frame's lights for the surface program, in the eye frame: positions and directions moved there in double
 * precision (a link's light with its body), colours times intensity, spot angles as the cosines of their halves (SDF's
 * angles are the cone's full width, as Ogre's are). Arrays filled in place, so a frame allocates nothing.
 */
final class LightUniforms {

    private static final int MAX = Shaders.MAX_LIGHTS;

    private final int[] types = new int[MAX];
    private final float[] positions = new float[MAX * 3];
    private final float[] directions = new float[MAX * 3];
    private final float[] diffuse = new float[MAX * 3];
    private final float[] specular = new float[MAX * 3];
    private final float[] attenuation = new float[MAX * 4];
    private final float[] spot = new float[MAX * 3];

    private int count;
    private int type;
    private int position;
    private int direction;
    private int diffuseColor;
    private int specularColor;
    private int attenuations;
    private int spots;
    int sceneAmbient;

    void locate(Program p) {
        count = p.uniform("uLightCount");
        type = p.uniform("uLightType");
        position = p.uniform("uLightPosition");
        direction = p.uniform("uLightDirection");
        diffuseColor = p.uniform("uLightDiffuse");
        specularColor = p.uniform("uLightSpecular");
        attenuations = p.uniform("uLightAttenuation");
        spots = p.uniform("uLightSpot");
        sceneAmbient = p.uniform("uSceneAmbient");
    }

    /** Sets the scene's lights as seen through {@code view}; {@code world} and {@code eye} are scratch. */
    void upload(RenderScene scene, double[] view, double[] world, double[] eye) {
        SceneBuilder.SceneLight[] lights = scene.lights;
        for (int i = 0; i < lights.length; i++) {
            SceneBuilder.SceneLight light = lights[i];
            LightSpec spec = light.spec();
            if (light.body() >= 0) {
                Matrices.multiply(scene.bodyPoses[light.body()], light.local(), world);
            } else {
                System.arraycopy(light.local(), 0, world, 0, 16);
            }
            Matrices.multiply(view, world, eye);
            Matrices.transformPoint(eye, 0, 0, 0, positions, i * 3);
            Matrices.transformDirection(
                    eye,
                    spec.direction().x(),
                    spec.direction().y(),
                    spec.direction().z(),
                    directions,
                    i * 3);
            types[i] = switch (spec.type()) {
                case POINT -> 0;
                case DIRECTIONAL -> 1;
                case SPOT -> 2;
            };
            double k = light.body() >= 0 && scene.hidden[light.body()] ? 0 : spec.intensity();
            diffuse[i * 3] = (float) (spec.diffuse().r() * k);
            diffuse[i * 3 + 1] = (float) (spec.diffuse().g() * k);
            diffuse[i * 3 + 2] = (float) (spec.diffuse().b() * k);
            specular[i * 3] = (float) (spec.specular().r() * k);
            specular[i * 3 + 1] = (float) (spec.specular().g() * k);
            specular[i * 3 + 2] = (float) (spec.specular().b() * k);
            LightSpec.Attenuation a = spec.attenuation();
            attenuation[i * 4] = (float) a.range();
            attenuation[i * 4 + 1] = (float) a.constant();
            attenuation[i * 4 + 2] = (float) a.linear();
            attenuation[i * 4 + 3] = (float) a.quadratic();
            spot[i * 3] = (float) Math.cos(spec.spot().innerAngle() / 2);
            spot[i * 3 + 1] = (float) Math.cos(spec.spot().outerAngle() / 2);
            spot[i * 3 + 2] = (float) spec.spot().falloff();
        }
        glUniform1i(count, lights.length);
        glUniform1iv(type, types);
        glUniform3fv(position, positions);
        glUniform3fv(direction, directions);
        glUniform3fv(diffuseColor, diffuse);
        glUniform3fv(specularColor, specular);
        glUniform4fv(attenuations, attenuation);
        glUniform3fv(spots, spot);
    }
}
