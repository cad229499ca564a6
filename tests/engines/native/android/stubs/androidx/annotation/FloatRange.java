// Stub: the annotation only.
package androidx.annotation;

public @interface FloatRange {
    double from() default Double.NEGATIVE_INFINITY;
    double to() default Double.POSITIVE_INFINITY;
    boolean fromInclusive() default true;
    boolean toInclusive() default true;
}
