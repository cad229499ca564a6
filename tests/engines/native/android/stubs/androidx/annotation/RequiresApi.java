// Stub: the annotation only.
package androidx.annotation;

public @interface RequiresApi {
    int value() default 1;
}
