// Stub for the JVM: one looper, the driver's thread.
package android.os;

public final class Looper {
    private static final Looper sLooper = new Looper();
    private final Thread mThread = Thread.currentThread();

    public static Looper myLooper() {
        return sLooper;
    }

    public Thread getThread() {
        return mThread;
    }
}
