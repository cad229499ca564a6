// Stub for the JVM: never used by the driver, which gives the
// AnimationHandler its own FrameCallbackScheduler.
package android.view;

public final class Choreographer {
    public interface FrameCallback {
        void doFrame(long frameTimeNanos);
    }

    public static Choreographer getInstance() {
        throw new UnsupportedOperationException("no Choreographer on the JVM");
    }

    public void postFrameCallback(FrameCallback callback) {
        throw new UnsupportedOperationException("no Choreographer on the JVM");
    }
}
