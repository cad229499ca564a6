// Stub for the JVM.
package android.util;

public class AndroidRuntimeException extends RuntimeException {
    public AndroidRuntimeException(String name) {
        super(name);
    }
}
