// androidx's FloatPropertyCompat (not in the source snapshot read here),
// written from its API: a named float property of an object.
package androidx.dynamicanimation.animation;

public abstract class FloatPropertyCompat<T> {
    final String mPropertyName;

    public FloatPropertyCompat(String name) {
        mPropertyName = name;
    }

    public abstract float getValue(T object);

    public abstract void setValue(T object, float value);
}
