/**
 * Cloe's triggers: an event (sim time reached, a lifecycle change, the next step, every step) fires an
 * action (pause, stop, succeed, log ...). This package parses, evaluates and records them; the runner
 * interprets the actions. Plain Java.
 */
package io.orrery.trigger;
