// androidx's FloatValueHolder (not in the source snapshot read here),
// written from its API: a float the animation reads and writes.
package androidx.dynamicanimation.animation;

public final class FloatValueHolder {
    private float mValue = 0.0f;

    public FloatValueHolder() {
    }

    public FloatValueHolder(float value) {
        setValue(value);
    }

    public void setValue(float value) {
        mValue = value;
    }

    public float getValue() {
        return mValue;
    }
}
