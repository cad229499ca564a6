// androidx's Force interface (not in the source snapshot read here),
// written from its API: what SpringForce implements.
package androidx.dynamicanimation.animation;

interface Force {
    float getAcceleration(float position, float velocity);

    boolean isAtEquilibrium(float value, float velocity);
}
