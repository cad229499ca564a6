// Stub: the annotation only.
package androidx.annotation;

public @interface VisibleForTesting {
}
