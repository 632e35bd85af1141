/**
 * Gazebo's CommsEndpoint system: binds an address to the model that declares it, so a comms broker delivers the
 * address's messages on the endpoint's topic. Uses {@code system.comms}' binding component; plain Java.
 */
package io.orrery.system.commsendpoint;
