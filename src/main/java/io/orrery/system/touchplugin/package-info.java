/** Gazebo's TouchPlugin: tells once that a model has touched a target for long enough. */
package io.orrery.system.touchplugin;
