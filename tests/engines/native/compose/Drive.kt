/*
 * Drive.kt - Jetpack Compose's spring as Animatable.animateTo runs it:
 * androidx's FloatSpringSpec, SpringSimulation and SpringEstimation
 * (compiled from their sources by gen.sh) queried each frame at the play
 * time SuspendAnimation.kt computes, on a controlled clock; prints the
 * golden CSV of tests/engines/README.md with Kotlin's shortest
 * round-trip digits (gen.sh prints them as C's %.17g).
 *
 *   Drive STIFFNESS DAMPING_RATIO X0 V0 TARGET DURATION (DT | @FILE)
 *
 * The animation starts at wall time 0, between frames; frame k (wall
 * time t_k, springsim's clock: k dt, or the Neumaier sum of a frame
 * list) has Choreographer's frame time rint(1e9 t_k) ns.  As in
 * SuspendAnimation.kt's animate(): the first frame sets startTimeNanos
 * to its own time; every frame's playTimeNanos is ((frameTimeNanos -
 * startTimeNanos) / durationScale).toLong() with durationScale 1f (a
 * Long divided by a Float: a Float); TargetBasedAnimation shows the
 * spec's value and velocity at that play time until isFinishedFromNanos
 * (playTimeNanos >= durationNanos, the spec's getDurationNanos), then
 * the target and getEndVelocity (0f), and the animation ends (done 1
 * from that frame on).
 */
package androidx.compose.animation.core

import java.io.File

/* The frame times, as springsim's clock computes them. */
fun frameTimes(spec: String, duration: Double): List<Double> {
    val t = ArrayList<Double>()
    if (!spec.startsWith("@")) {
        val dt = spec.toDouble()
        var n = 1
        while (n * dt <= duration + 1e-9) {
            t.add(n * dt)
            n++
        }
        return t
    }
    var wall = 0.0
    var comp = 0.0
    for (raw in File(spec.substring(1)).readLines()) {
        val line = raw.trim()
        if (line.isEmpty())
            continue
        val d = line.toDouble()
        val sum = wall + d
        if (Math.abs(wall) >= Math.abs(d))
            comp += (wall - sum) + d
        else
            comp += (d - sum) + wall
        wall = sum
        if (wall + comp > duration + 1e-9)
            break
        t.add(wall + comp)
    }
    return t
}

fun main(args: Array<String>) {
    val stiffness = args[0].toFloat()
    val ratio = args[1].toFloat()
    val x0 = args[2].toFloat()
    val v0 = args[3].toFloat()
    val target = args[4].toFloat()
    val times = frameTimes(args[6], args[5].toDouble())
    val spec = FloatSpringSpec(dampingRatio = ratio, stiffness = stiffness)
    val durationNanos = spec.getDurationNanos(x0, target, v0)
    val durationScale = 1f
    var startTimeNanos = 0L
    var started = false
    var finished = false
    var value = x0
    var velocity = v0
    val out = StringBuilder("t,x,v,done\n")

    for (t in times) {
        val frameTimeNanos = Math.rint(t * 1e9).toLong()
        if (!finished) {
            if (!started) {
                startTimeNanos = frameTimeNanos
                started = true
            }
            val playTimeNanos = ((frameTimeNanos - startTimeNanos) / durationScale).toLong()
            if (playTimeNanos >= durationNanos) {
                value = target
                velocity = spec.getEndVelocity(x0, target, v0)
                finished = true
            } else {
                value = spec.getValueFromNanos(playTimeNanos, x0, target, v0)
                velocity = spec.getVelocityFromNanos(playTimeNanos, x0, target, v0)
            }
        }
        out.append(t.toString()).append(',').append(value.toDouble().toString())
            .append(',').append(velocity.toDouble().toString())
            .append(',').append(if (finished) 1 else 0).append('\n')
    }
    print(out)
}
