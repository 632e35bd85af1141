package io.orrery.device.contact;

import com.gz.msgs.ContactProtos.Contact;
import com.gz.msgs.ContactsProtos.Contacts;
import com.gz.msgs.EntityProtos.Entity;
import com.gz.msgs.JointWrenchProtos.JointWrench;
import com.gz.msgs.WrenchProtos.Wrench;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.physics.ContactPoint;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.CollisionSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.SdfElement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code contact} sensor, as gz-sim's Contact system: publishes gz.msgs.Contacts on {@code <topic>}, else
 * {@code <contact><topic>}, else {@code .../contact}, only when one of its collisions touches something (as Gazebo
 * does). Each {@code <contact><collision>} of the link counts; a sensor that names none counts every collision of its
 * link (Gazebo's would report nothing). One Contact per pair of collisions touching, as Gazebo's physics groups them:
 * {@code collision1} the sensor's collision, {@code collision2} the other, both scoped {@code model::link::collision};
 * per point its position, the normal from the other body towards the sensor's link, the depth and the wrench (body 1
 * the sensor's link, body 2 the opposite force).
 */
public final class ContactDevice extends Device {

    private final Publisher<Contacts> publisher;
    /** The sensor's collisions, by name; empty: all of the link's. */
    private final List<String> collisions;

    private final Map<String, String> otherNames = new HashMap<>();

    public ContactDevice(Mount mount, DeviceContext context) {
        super(mount, context);
        this.collisions = element("contact")
                .map(c -> c.children().stream()
                        .filter(e -> e.name().equals("collision"))
                        .map(e -> e.text().strip())
                        .filter(t -> !t.isEmpty())
                        .distinct()
                        .toList())
                .orElse(List.of());
        this.publisher = advertise(Contacts.class);
    }

    @Override
    public String topic() {
        return mount().sensor()
                .topic()
                .or(() -> element("contact", "topic").map(SdfElement::text).filter(t -> !t.isBlank()))
                .orElseGet(() -> mount().topic("contact"));
    }

    @Override
    protected void sample(UpdateInfo info, WorldView world, LinkState link) {
        List<ContactPoint> points = world.contacts(mount().model(), mount().link());
        if (points.isEmpty()) {
            return;
        }
        // keyed by own collision, then by the other collision, in the order the sensor lists its own
        Map<String, Map<String, List<ContactPoint>>> pairs = new LinkedHashMap<>();
        collisions.forEach(c -> pairs.put(c, new LinkedHashMap<>()));
        for (ContactPoint p : points) {
            String own = ownCollision(p);
            Map<String, List<ContactPoint>> byOther =
                    collisions.isEmpty() ? pairs.computeIfAbsent(own, k -> new LinkedHashMap<>()) : pairs.get(own);
            if (byOther != null) {
                byOther.computeIfAbsent(otherName(p), k -> new ArrayList<>()).add(p);
            }
        }
        String prefix = mount().model() + "::" + mount().link();
        List<Contact> contacts = new ArrayList<>();
        pairs.forEach((own, byOther) -> byOther.forEach((other, list) -> {
            String collision1 = own == null ? prefix : prefix + "::" + own;
            Contact.Builder c = Contact.newBuilder()
                    .setCollision1(Entity.newBuilder().setName(collision1))
                    .setCollision2(Entity.newBuilder().setName(other));
            for (ContactPoint p : list) {
                c.addPosition(Messages.vector(p.position()))
                        .addNormal(Messages.vector(p.normal()))
                        .addDepth(p.depth())
                        .addWrench(JointWrench.newBuilder()
                                .setBody1Name(collision1)
                                .setBody2Name(other)
                                .setBody1Wrench(Wrench.newBuilder().setForce(Messages.vector(p.force())))
                                .setBody2Wrench(Wrench.newBuilder()
                                        .setForce(Messages.vector(p.force().times(-1)))));
            }
            contacts.add(c.build());
        }));
        if (contacts.isEmpty()) {
            return;
        }
        publisher.publish(Contacts.newBuilder()
                .setHeader(header(info))
                .addAllContact(contacts)
                .build());
    }

    /** The sensor link's collision a point is on; an engine that does not say counts it on the first listed. */
    private String ownCollision(ContactPoint p) {
        if (p.collision() != null) {
            return p.collision();
        }
        return collisions.isEmpty() ? null : collisions.get(0);
    }

    /** {@code model::link::collision}; when the engine does not say, the link's only collision, else the link. */
    private String otherName(ContactPoint p) {
        String link = p.otherModel() + "::" + p.otherLink();
        if (p.otherCollision() != null) {
            return link + "::" + p.otherCollision();
        }
        return otherNames.computeIfAbsent(link, k -> collisionName(p.otherModel(), p.otherLink()));
    }

    /** {@code model::link::collision} when the link has exactly one collision, else {@code model::link}. */
    private String collisionName(String model, String link) {
        Optional<LinkSpec> spec = context().world().model(model).flatMap(m -> find(m, link));
        List<CollisionSpec> all = spec.map(LinkSpec::collisions).orElse(List.of());
        return model + "::" + link + (all.size() == 1 ? "::" + all.get(0).name() : "");
    }

    private static Optional<LinkSpec> find(ModelSpec model, String scopedLink) {
        int sep = scopedLink.indexOf("::");
        if (sep < 0) {
            return model.links().stream()
                    .filter(l -> l.name().equals(scopedLink))
                    .findFirst();
        }
        String nested = scopedLink.substring(0, sep);
        return model.models().stream()
                .filter(m -> m.name().equals(nested))
                .findFirst()
                .flatMap(m -> find(m, scopedLink.substring(sep + 2)));
    }
}
