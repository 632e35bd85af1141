package io.orrery.world.mesh;

import java.nio.IntBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lwjgl.PointerBuffer;
import org.lwjgl.assimp.AIFace;
import org.lwjgl.assimp.AIMatrix4x4;
import org.lwjgl.assimp.AIMesh;
import org.lwjgl.assimp.AINode;
import org.lwjgl.assimp.AIScene;
import org.lwjgl.assimp.AIVector3D;
import org.lwjgl.assimp.Assimp;

/**
 * Reads a mesh file through Assimp the way gz-common's AssimpLoader does: triangulated, identical vertices joined,
 * each node's meshes moved by the node's transform composed down from the root; the root's rotation dropped (its
 * scale, where COLLADA's {@code <unit>} lands, and its translation kept) except for glTF, whose root transform is
 * kept whole. A submesh is named after its node, as Gazebo names it for {@code <submesh><name>}.
 */
final class AssimpReader {

    private static final int FLAGS =
            Assimp.aiProcess_Triangulate | Assimp.aiProcess_JoinIdenticalVertices | Assimp.aiProcess_SortByPType;
    private static final String COLLADA_AUTO_NAME = "$ColladaAutoName$";
    private static final System.Logger LOG = System.getLogger(MeshLoader.class.getName());

    /** One node's mesh, its vertices in the file's root frame. */
    record SubMesh(String name, float[] positions, int[] indices) {}

    private final int maxTriangles;
    private final List<SubMesh> out = new ArrayList<>();
    private int triangles;

    private AssimpReader(int maxTriangles) {
        this.maxTriangles = maxTriangles;
    }

    /**
     * Every triangle mesh of the file, by node; throws when Assimp cannot read it or it holds too many triangles.
     * Assimp opens files only through {@link ConfinedFileIO}: inside {@code root}, at most {@code maxBytes} each.
     */
    static List<SubMesh> read(Path file, Path root, int maxTriangles, long maxBytes) {
        return confined(file, root, maxTriangles, maxBytes).parts();
    }

    /**
     * What an import read, the files it opened (real paths) and the names Assimp asked for that were outside the
     * root, not opened.
     */
    record Import(List<SubMesh> parts, List<Path> opened, List<String> refused) {}

    static Import confined(Path file, Path root, int maxTriangles, long maxBytes) {
        try (ConfinedFileIO files = new ConfinedFileIO(root, maxBytes)) {
            AIScene scene = Assimp.aiImportFileEx(file.toString(), FLAGS, files.io());
            if (!files.refused().isEmpty()) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "mesh {0} asked for {1}: outside {2}, not opened",
                        file,
                        files.refused(),
                        root);
            }
            if (scene == null) {
                throw new MeshException("not a mesh Assimp can read: " + Assimp.aiGetErrorString());
            }
            return new Import(read(file, scene, maxTriangles), files.opened(), files.refused());
        }
    }

    private static List<SubMesh> read(Path file, AIScene scene, int maxTriangles) {
        try {
            AINode root = scene.mRootNode();
            if (root == null) {
                throw new MeshException("the file holds no scene");
            }
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            double[] transform = matrix(root.mTransformation());
            if (!name.endsWith(".gltf") && !name.endsWith(".glb")) {
                transform = withoutRotation(transform);
            }
            AssimpReader reader = new AssimpReader(maxTriangles);
            reader.visit(scene, root, transform);
            return List.copyOf(reader.out);
        } finally {
            Assimp.aiReleaseImport(scene);
        }
    }

    private void visit(AIScene scene, AINode node, double[] transform) {
        IntBuffer meshIndices = node.mMeshes();
        PointerBuffer meshes = scene.mMeshes();
        for (int i = 0; meshIndices != null && meshes != null && i < node.mNumMeshes(); i++) {
            AIMesh mesh = AIMesh.create(meshes.get(meshIndices.get(i)));
            if ((mesh.mPrimitiveTypes() & Assimp.aiPrimitiveType_TRIANGLE) != 0) {
                add(nameOf(scene, node), mesh, transform);
            }
        }
        PointerBuffer children = node.mChildren();
        for (int i = 0; children != null && i < node.mNumChildren(); i++) {
            AINode child = AINode.create(children.get(i));
            visit(scene, child, multiply(transform, matrix(child.mTransformation())));
        }
    }

    private void add(String name, AIMesh mesh, double[] m) {
        AIFace.Buffer faces = mesh.mFaces();
        int count = 0;
        for (int f = 0; f < mesh.mNumFaces(); f++) {
            if (faces.get(f).mNumIndices() == 3) {
                count++;
            }
        }
        triangles += count;
        if (triangles > maxTriangles) {
            throw new MeshException("it holds more than " + maxTriangles + " triangles, the most orrery.mesh"
                    + ".max-triangles allows");
        }
        AIVector3D.Buffer vertices = mesh.mVertices();
        float[] positions = new float[mesh.mNumVertices() * 3];
        for (int v = 0; v < mesh.mNumVertices(); v++) {
            AIVector3D p = vertices.get(v);
            double x = p.x();
            double y = p.y();
            double z = p.z();
            positions[v * 3] = (float) (m[0] * x + m[1] * y + m[2] * z + m[3]);
            positions[v * 3 + 1] = (float) (m[4] * x + m[5] * y + m[6] * z + m[7]);
            positions[v * 3 + 2] = (float) (m[8] * x + m[9] * y + m[10] * z + m[11]);
        }
        int[] indices = new int[count * 3];
        int next = 0;
        for (int f = 0; f < mesh.mNumFaces(); f++) {
            AIFace face = faces.get(f);
            if (face.mNumIndices() == 3) {
                IntBuffer corners = face.mIndices();
                indices[next++] = corners.get(0);
                indices[next++] = corners.get(1);
                indices[next++] = corners.get(2);
            }
        }
        out.add(new SubMesh(name, positions, indices));
    }

    /** The node's name; for COLLADA's generated names, the nearest named ancestor's, as gz-common names it. */
    private static String nameOf(AIScene scene, AINode node) {
        String name = node.mName().dataString();
        AINode at = node;
        while (name.startsWith(COLLADA_AUTO_NAME)) {
            long parent = at.mParent() == null ? 0 : at.mParent().address();
            if (parent == 0 || parent == scene.mRootNode().address()) {
                return "";
            }
            at = AINode.create(parent);
            name = at.mName().dataString();
        }
        return name;
    }

    /** A 4×4 matrix, row by row (Assimp's a1..d4). */
    private static double[] matrix(AIMatrix4x4 m) {
        return new double[] {
            m.a1(), m.a2(), m.a3(), m.a4(), m.b1(), m.b2(), m.b3(), m.b4(), m.c1(), m.c2(), m.c3(), m.c4(), m.d1(),
            m.d2(), m.d3(), m.d4()
        };
    }

    private static double[] multiply(double[] a, double[] b) {
        double[] c = new double[16];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                double sum = 0;
                for (int k = 0; k < 4; k++) {
                    sum += a[i * 4 + k] * b[k * 4 + j];
                }
                c[i * 4 + j] = sum;
            }
        }
        return c;
    }

    /** The same scale (column lengths) and translation, no rotation. */
    private static double[] withoutRotation(double[] m) {
        double sx = Math.sqrt(m[0] * m[0] + m[4] * m[4] + m[8] * m[8]);
        double sy = Math.sqrt(m[1] * m[1] + m[5] * m[5] + m[9] * m[9]);
        double sz = Math.sqrt(m[2] * m[2] + m[6] * m[6] + m[10] * m[10]);
        double det = m[0] * (m[5] * m[10] - m[6] * m[9])
                - m[1] * (m[4] * m[10] - m[6] * m[8])
                + m[2] * (m[4] * m[9] - m[5] * m[8]);
        if (det < 0) {
            sx = -sx; // a mirroring root keeps its mirror, as Assimp's decomposition does
        }
        return new double[] {sx, 0, 0, m[3], 0, sy, 0, m[7], 0, 0, sz, m[11], 0, 0, 0, 1};
    }
}
