// Stub for the JVM: the float properties DynamicAnimation's ViewProperty
// constants read and write.
package android.view;

public class View {
    private float mTranslationX;

    public float getTranslationX() {
        return mTranslationX;
    }

    public void setTranslationX(float v) {
        mTranslationX = v;
    }

    private float mTranslationY;

    public float getTranslationY() {
        return mTranslationY;
    }

    public void setTranslationY(float v) {
        mTranslationY = v;
    }

    private float mScaleX;

    public float getScaleX() {
        return mScaleX;
    }

    public void setScaleX(float v) {
        mScaleX = v;
    }

    private float mScaleY;

    public float getScaleY() {
        return mScaleY;
    }

    public void setScaleY(float v) {
        mScaleY = v;
    }

    private float mRotation;

    public float getRotation() {
        return mRotation;
    }

    public void setRotation(float v) {
        mRotation = v;
    }

    private float mRotationX;

    public float getRotationX() {
        return mRotationX;
    }

    public void setRotationX(float v) {
        mRotationX = v;
    }

    private float mRotationY;

    public float getRotationY() {
        return mRotationY;
    }

    public void setRotationY(float v) {
        mRotationY = v;
    }

    private float mX;

    public float getX() {
        return mX;
    }

    public void setX(float v) {
        mX = v;
    }

    private float mY;

    public float getY() {
        return mY;
    }

    public void setY(float v) {
        mY = v;
    }

    private float mAlpha;

    public float getAlpha() {
        return mAlpha;
    }

    public void setAlpha(float v) {
        mAlpha = v;
    }

    private int mScrollX, mScrollY;

    public int getScrollX() {
        return mScrollX;
    }

    public void setScrollX(int v) {
        mScrollX = v;
    }

    public int getScrollY() {
        return mScrollY;
    }

    public void setScrollY(int v) {
        mScrollY = v;
    }
}
