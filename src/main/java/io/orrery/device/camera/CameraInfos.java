package io.orrery.device.camera;

import com.gz.msgs.CameraInfoProtos.CameraInfo;
import io.orrery.render.CameraModel;

/**
 * A camera's gz.msgs.CameraInfo as gz-sensors fills it: image size, the intrinsic matrix K (row-major, no skew), a
 * projection matrix P equal to K with a zero column (a monocular camera), an identity rectification, and a plumb-bob
 * distortion of five zeros (Orrery draws no distortion).
 */
final class CameraInfos {

    private CameraInfos() {}

    static CameraInfo of(CameraModel m) {
        CameraInfo.Builder b = CameraInfo.newBuilder().setWidth(m.width()).setHeight(m.height());
        b.getDistortionBuilder()
                .setModel(CameraInfo.Distortion.DistortionModelType.PLUMB_BOB)
                .addK(0)
                .addK(0)
                .addK(0)
                .addK(0)
                .addK(0);
        double[] k = {m.fx(), 0, m.cx(), 0, m.fy(), m.cy(), 0, 0, 1};
        for (double v : k) {
            b.getIntrinsicsBuilder().addK(v);
        }
        double[] p = {m.fx(), 0, m.cx(), 0, 0, m.fy(), m.cy(), 0, 0, 0, 1, 0};
        for (double v : p) {
            b.getProjectionBuilder().addP(v);
        }
        double[] r = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        for (double v : r) {
            b.addRectificationMatrix(v);
        }
        return b.build();
    }
}
