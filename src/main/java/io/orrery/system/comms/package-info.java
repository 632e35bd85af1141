/**
 * Gazebo's communication broker (gz-sim's {@code comms::Broker}, {@code MsgManager} and {@code ICommsModel}) as one
 * plain-Java core: the addresses endpoints bind to models, each address's queues, and the per-step delivery that a
 * {@link io.orrery.system.comms.DeliveryModel} (perfect, RF, acoustic) decides message by message. The broker systems
 * and CommsEndpoint meet through a component ({@link io.orrery.system.comms.Binding#KEY}), as all in-process. Uses the
 * system phases, {@code io.orrery.plugin}'s SPI and components, the topic bus and {@code system.gazebo}; plain Java.
 */
package io.orrery.system.comms;
