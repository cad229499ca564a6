/*
 * Util.kt - androidx.compose.ui.util's packFloats, unpackFloat1 and
 * unpackFloat2 as their API describes them: the first Float's bits in the
 * high 32 bits of a Long, the second's in the low 32.
 */
package androidx.compose.ui.util

fun packFloats(val1: Float, val2: Float): Long {
    val v1 = val1.toRawBits().toLong()
    val v2 = val2.toRawBits().toLong()
    return (v1 shl 32) or (v2 and 0xFFFFFFFFL)
}

fun unpackFloat1(value: Long): Float = java.lang.Float.intBitsToFloat((value shr 32).toInt())

fun unpackFloat2(value: Long): Float = java.lang.Float.intBitsToFloat((value and 0xFFFFFFFFL).toInt())
