// Stub for the JVM: the z properties DynamicAnimation's constants use.
package androidx.core.view;

import android.view.View;

public class ViewCompat {
    public static void setTranslationZ(View view, float z) {
    }

    public static float getTranslationZ(View view) {
        return 0f;
    }

    public static void setZ(View view, float z) {
    }

    public static float getZ(View view) {
        return 0f;
    }
}
