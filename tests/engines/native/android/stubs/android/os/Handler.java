// Stub for the JVM: never used by the driver.
package android.os;

public class Handler {
    private final Looper mLooper;

    public Handler(Looper looper) {
        mLooper = looper;
    }

    public final boolean postDelayed(Runnable r, long delayMillis) {
        throw new UnsupportedOperationException("no Handler on the JVM");
    }

    public final Looper getLooper() {
        return mLooper;
    }
}
