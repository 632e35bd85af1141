/** The contact device: what its link touches, grouped by the body touched. */
package io.orrery.device.contact;
