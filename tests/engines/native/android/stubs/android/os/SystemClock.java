// Stub for the JVM: uptimeMillis() reads the driver's controlled clock,
// floor(123456 + 1000 t) at frame time t (src/engines/engineclock.h).
package android.os;

public final class SystemClock {
    public static long now = 123456;

    public static long uptimeMillis() {
        return now;
    }
}
