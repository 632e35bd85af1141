package io.orrery.system.gazebo;

import io.orrery.topic.TopicNames;

/** Gazebo's topic names for systems attached to a model. */
public final class GazeboTopics {

    private GazeboTopics() {}

    /** {@code /model/<model>/<rest>} as written, the form of Gazebo's default topics (such as {@code cmd_vel}). */
    public static String ofModel(String model, String rest) {
        return "/model/" + model + "/" + rest;
    }

    /**
     * The name Gazebo's topics give the model that declared a system: {@code model} itself, or for a plugin of a
     * nested model (its {@code scope} {@code inner::deeper::} within {@code model}) the nested model's own name.
     */
    public static String declaringModel(String model, String scope) {
        if (scope.isEmpty()) {
            return model;
        }
        String path = scope.substring(0, scope.length() - 2);
        int cut = path.lastIndexOf("::");
        return cut < 0 ? path : path.substring(cut + 2);
    }

    /**
     * The topic as gz-transport's {@code AsValidTopic} would make it for the names Orrery accepts: spaces become
     * underscores and the name is made absolute.
     *
     * @throws IllegalArgumentException when it is still not a valid topic name
     */
    public static String valid(String topic) {
        return TopicNames.normalize(topic.trim().replace(' ', '_'));
    }

    /** {@code /model/<model>/<rest>} made valid, as Gazebo's {@code <sub_topic>} and default command topics are. */
    public static String underModel(String model, String rest) {
        return valid(ofModel(model, rest));
    }

    /**
     * The command topic of a joint system: {@code <topic>} as given, else {@code <sub_topic>} under the model,
     * else {@code fallback} (Gazebo's order: {@code <topic>} wins over {@code <sub_topic>}).
     */
    public static String commandTopic(GazeboParameters params, String model, String fallback) {
        try {
            if (params.text("topic").isPresent()) {
                return valid(params.text("topic").get());
            }
            if (params.text("sub_topic").isPresent()) {
                return underModel(model, params.text("sub_topic").get());
            }
            return valid(fallback);
        } catch (IllegalArgumentException e) {
            throw params.bad("no valid command topic: " + e.getMessage());
        }
    }
}
