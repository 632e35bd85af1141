package io.orrery.topic.msgs;

/**
 * gz.msgs.WorldStatistics: how the world runs, as gz sim publishes it on {@code /stats} and
 * {@code /world/<w>/stats}.
 *
 * @param header stamp and data
 * @param simTime sim time
 * @param pauseTime time spent paused (gz sim leaves it 0)
 * @param realTime wall time the simulation has run
 * @param paused true while paused
 * @param iterations steps taken
 * @param modelCount models in the world
 * @param realTimeFactor sim time over wall time across the last iteration, as gz sim computes it
 * @param stepSize the step
 * @param stepping true while a step request is being served
 */
public record WorldStatistics(Header header, Time simTime, Time pauseTime, Time realTime, boolean paused,
        long iterations, int modelCount, double realTimeFactor, Time stepSize, boolean stepping) {

    public WorldStatistics {
        header = Messages.orNone(header);
        simTime = simTime == null ? Time.ZERO : simTime;
        pauseTime = pauseTime == null ? Time.ZERO : pauseTime;
        realTime = realTime == null ? Time.ZERO : realTime;
        stepSize = stepSize == null ? Time.ZERO : stepSize;
    }
}
