/**
 * Orrery's events: what the runner and plugins emit for the event stream ({@code GET /api/events}), named and fanned
 * out here. Events are not topics: Gazebo's messages travel on the topic bus ({@code io.orrery.topic}). Plain Java.
 */
package io.orrery.event;
