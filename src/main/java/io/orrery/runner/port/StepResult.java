package io.orrery.runner.port;

import io.orrery.physics.ModelState;
import io.orrery.topic.TopicMessage;
import java.util.List;
import java.util.Map;

/**
 * What a controller sees after a lockstep step or a reset, all taken at one instant (the last StepEnd, or the end of
 * the reset): the status, the latest message of each observed topic, and the observed models.
 *
 * @param status the simulation's status then
 * @param observations each observed topic, in the order asked for, to its latest message; {@code null} for a topic
 *     with no message yet in this episode
 * @param models the observed models, in the order asked for
 */
public record StepResult(SimulationStatus status, Map<String, TopicMessage> observations, List<ModelState> models) {}
