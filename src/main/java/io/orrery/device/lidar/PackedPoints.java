package io.orrery.device.lidar;

import com.google.protobuf.ByteString;
import com.gz.msgs.HeaderProtos.Header;
import com.gz.msgs.PointCloudPackedProtos.PointCloudPacked;
import com.gz.msgs.PointCloudPackedProtos.PointCloudPacked.Field.DataType;
import io.orrery.world.Vec3;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A lidar's rays as gz.msgs.PointCloudPacked, laid out as gz-sensors lays out its lidars' {@code /points}: fields x, y,
 * z and intensity as little-endian float32 and ring (the vertical sample) as uint16, packed with no padding (18 bytes
 * a point), one row per vertical sample. Points are in the sensor's frame: a ray's unit direction times its range, so
 * a ray that met nothing is a point at infinity and the cloud is not dense.
 */
final class PackedPoints {

    /** x, y, z, intensity and ring, without padding. */
    static final int POINT_STEP = 4 * 4 + 2;

    private final int width;
    private final int height;
    private final Vec3[] directions;
    private byte[] data; // made on the first cloud: a lidar nobody asks points of holds none

    PackedPoints(int width, int height, Vec3[] directions) {
        if ((long) width * height != directions.length) {
            throw new IllegalArgumentException(width + " × " + height + " is not " + directions.length + " rays");
        }
        this.width = width;
        this.height = height;
        this.directions = directions;
    }

    /** The cloud of {@code ranges} (one per ray, row by row, as the scan carries them), stamped with {@code header}. */
    PointCloudPacked cloud(Header header, double[] ranges) {
        if (data == null) {
            data = new byte[Math.multiplyExact(POINT_STEP, directions.length)];
        }
        ByteBuffer out = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        boolean dense = true;
        for (int i = 0; i < directions.length; i++) {
            double range = ranges[i];
            dense &= Double.isFinite(range);
            Vec3 d = directions[i];
            out.putFloat((float) (d.x() * range))
                    .putFloat((float) (d.y() * range))
                    .putFloat((float) (d.z() * range))
                    .putFloat(0f) // intensity: Orrery's rays carry no laser_retro
                    .putShort((short) (i / width));
        }
        PointCloudPacked.Builder msg = PointCloudPacked.newBuilder()
                .setHeader(header)
                .setWidth(width)
                .setHeight(height)
                .setIsBigendian(false)
                .setPointStep(POINT_STEP)
                .setRowStep(POINT_STEP * width)
                .setIsDense(dense)
                .setData(ByteString.copyFrom(data));
        int offset = 0;
        for (String name : new String[] {"x", "y", "z", "intensity"}) {
            msg.addFieldBuilder()
                    .setName(name)
                    .setOffset(offset)
                    .setDatatype(DataType.FLOAT32)
                    .setCount(1);
            offset += 4;
        }
        msg.addFieldBuilder()
                .setName("ring")
                .setOffset(offset)
                .setDatatype(DataType.UINT16)
                .setCount(1);
        return msg.build();
    }
}
