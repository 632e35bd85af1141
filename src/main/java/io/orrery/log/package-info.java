/**
 * What Orrery writes to its log about values users choose (model, topic and plugin names, paths, trigger messages):
 * escaped so that none can forge a line, cut so that none can flood it, and rate-limited where a user sets how often a
 * line is written. The lowest layer: plain Java, used by every other package.
 */
package io.orrery.log;
