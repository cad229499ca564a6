/*
 * Stubs.kt - what the four androidx files compiled by gen.sh name from
 * the rest of Compose, written from its API: Spring's constants
 * (AnimationSpec.kt), MillisToNanos (Animation.kt) and the Float packing
 * of androidx.compose.ui.util (a Motion is two Floats' bits in a Long).
 */
package androidx.compose.animation.core

object Spring {
    const val StiffnessMedium = 1500f
    const val StiffnessVeryLow = 50f
    const val DampingRatioNoBouncy = 1f
    const val DefaultDisplacementThreshold = 0.01f
}

internal const val MillisToNanos: Long = 1_000_000L
