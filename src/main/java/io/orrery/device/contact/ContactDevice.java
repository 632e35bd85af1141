package io.orrery.device.contact;

import com.gz.msgs.ContactProtos.Contact;
import com.gz.msgs.ContactsProtos.Contacts;
import com.gz.msgs.EntityProtos.Entity;
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
 * {@code <contact><topic>}, else {@code .../contact}, only when its link touches something (as Gazebo does), one
 * Contact per body touched. The physics reports contacts per link, not per collision: {@code collision1} names the
 * sensor's first {@code <contact><collision>} and every contact of the link counts, whichever of its collisions
 * touched; {@code collision2} names the other link's collision when it has one, else the link. Normals point from
 * the other body towards the sensor's link.
 */
public final class ContactDevice extends Device {

    private final Publisher<Contacts> publisher;
    private final String ownCollision;
    private final Map<String, String> otherNames = new HashMap<>();

    public ContactDevice(Mount mount, DeviceContext context) {
        super(mount, context);
        Optional<String> first =
                element("contact", "collision").map(SdfElement::text).filter(t -> !t.isBlank());
        this.ownCollision = mount.model() + "::" + mount.link()
                + first.map(c -> "::" + c.strip()).orElse("");
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
        Map<String, List<ContactPoint>> byOther = new LinkedHashMap<>();
        for (ContactPoint p : points) {
            byOther.computeIfAbsent(p.otherModel() + "::" + p.otherLink(), k -> new ArrayList<>())
                    .add(p);
        }
        List<Contact> contacts = new ArrayList<>(byOther.size());
        byOther.forEach((other, list) -> {
            String otherName = otherNames.computeIfAbsent(
                    other,
                    k -> collisionName(list.get(0).otherModel(), list.get(0).otherLink()));
            Contact.Builder c = Contact.newBuilder()
                    .setCollision1(Entity.newBuilder().setName(ownCollision))
                    .setCollision2(Entity.newBuilder().setName(otherName));
            for (ContactPoint p : list) {
                c.addPosition(Messages.vector(p.position()))
                        .addNormal(Messages.vector(p.normal()))
                        .addDepth(p.depth());
            }
            contacts.add(c.build());
        });
        publisher.publish(Contacts.newBuilder()
                .setHeader(header(info))
                .addAllContact(contacts)
                .build());
    }

    /** {@code model::link::collision} when the link has exactly one collision, else {@code model::link}. */
    private String collisionName(String model, String link) {
        Optional<LinkSpec> spec = context().world().model(model).flatMap(m -> find(m, link));
        List<CollisionSpec> collisions = spec.map(LinkSpec::collisions).orElse(List.of());
        return model + "::" + link
                + (collisions.size() == 1 ? "::" + collisions.get(0).name() : "");
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
