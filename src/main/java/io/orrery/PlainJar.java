package io.orrery;

/**
 * The Main-Class of the plain jar ({@code target/orrery.jar}, the artifact projects build their systems against):
 * that jar holds Orrery's classes without their libraries, so it cannot run the server; started with
 * {@code java -jar}, it says which jar does, instead of dying with a {@code NoClassDefFoundError}. Plain Java on
 * purpose: nothing else is on its class path.
 */
public final class PlainJar {

    private PlainJar() {}

    public static void main(String[] args) {
        System.err.println("orrery: this jar holds Orrery's classes without their libraries, for projects that build"
                + " on Orrery (docs/custom-systems.md); it does not run the server. Run the executable jar beside it:");
        System.err.println();
        System.err.println("  java -jar target/orrery-exec.jar");
        System.err.println();
        System.err.println("or, in the repository, ./mvnw spring-boot:run");
        System.exit(2);
    }
}
