// Stub for the JVM: the annotation only.
package android.annotation;

public @interface SuppressLint {
    String[] value();
}
