// Stub: the annotation only.
package androidx.annotation;

public @interface RestrictTo {
    Scope[] value();

    enum Scope { LIBRARY, LIBRARY_GROUP }
}
