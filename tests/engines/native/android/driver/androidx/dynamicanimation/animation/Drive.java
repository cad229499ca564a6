/*
 * Drive.java - androidx's SpringAnimation on a FloatValueHolder, driven
 * frame by frame with a controlled SystemClock.uptimeMillis(); prints the
 * golden CSV of tests/engines/README.md.
 *
 *   java Drive STIFFNESS DAMPING_RATIO MIN_VISIBLE X0 V0 TARGET DURATION (DT | @FILE)
 *
 * The animation is started at wall time 0, between frames; frame k
 * (wall time t_k, springsim's clock: k dt, or the Neumaier sum of a frame
 * list) sets uptimeMillis = floor(123456 + 1000 t_k) and runs the frame
 * callbacks AnimationHandler posted (its FrameCallbackScheduler is the
 * driver's, standing for the Choreographer).  x and v are what the update
 * listener receives; done is 1 from the frame the end listener fires.
 * In the package for AnimationHandler's package-private constructor.
 */
package androidx.dynamicanimation.animation;

import android.os.SystemClock;

import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Locale;

public final class Drive {
    static final ArrayList<Runnable> pending = new ArrayList<>();
    static float shownValue, shownVelocity;
    static boolean ended;

    /* The frame times, as springsim's clock computes them. */
    static ArrayList<Double> frameTimes(String spec, double duration) throws IOException {
        ArrayList<Double> t = new ArrayList<>();
        if (!spec.startsWith("@")) {
            double dt = Double.parseDouble(spec);
            for (int n = 1; n * dt <= duration + 1e-9; n++) {
                t.add(n * dt);
            }
            return t;
        }
        double wall = 0.0, comp = 0.0;
        try (BufferedReader r = new BufferedReader(new FileReader(spec.substring(1)))) {
            String line;
            while ((line = r.readLine()) != null) {
                line = line.trim();
                if (line.isEmpty()) {
                    continue;
                }
                double dt = Double.parseDouble(line);
                double sum = wall + dt;
                if (Math.abs(wall) >= Math.abs(dt)) {
                    comp += (wall - sum) + dt;
                } else {
                    comp += (dt - sum) + wall;
                }
                wall = sum;
                if (wall + comp > duration + 1e-9) {
                    break;
                }
                t.add(wall + comp);
            }
        }
        return t;
    }

    /* Java's %.17g is not C's: print the shortest-round-trip digits C's %.17g would. */
    static String g17(double x) {
        return CFormat.g17(x);
    }

    public static void main(String[] args) throws IOException {
        float stiffness = Float.parseFloat(args[0]);
        float ratio = Float.parseFloat(args[1]);
        String mvc = args[2];
        float x0 = Float.parseFloat(args[3]);
        float v0 = Float.parseFloat(args[4]);
        float target = Float.parseFloat(args[5]);
        double duration = Double.parseDouble(args[6]);
        ArrayList<Double> times = frameTimes(args[7], duration);

        AnimationHandler handler = new AnimationHandler(new FrameCallbackScheduler() {
            @Override
            public void postFrameCallback(Runnable frameCallback) {
                pending.add(frameCallback);
            }

            @Override
            public boolean isCurrentThread() {
                return true;
            }
        });
        SystemClock.now = 123456;
        FloatValueHolder holder = new FloatValueHolder(x0);
        SpringAnimation anim = new SpringAnimation(holder, target);
        anim.getSpring().setStiffness(stiffness).setDampingRatio(ratio);
        anim.setAnimationHandler(handler);
        if (!mvc.equals("default")) {
            anim.setMinimumVisibleChange(Float.parseFloat(mvc));
        }
        anim.setStartValue(x0).setStartVelocity(v0);
        anim.addUpdateListener((a, value, velocity) -> {
            shownValue = value;
            shownVelocity = velocity;
        });
        anim.addEndListener((a, canceled, value, velocity) -> ended = true);
        shownValue = x0;
        shownVelocity = v0;
        anim.start();

        StringBuilder out = new StringBuilder("t,x,v,done\n");
        for (double t : times) {
            SystemClock.now = (long) Math.floor(123456.0 + t * 1000.0);
            ArrayList<Runnable> run = new ArrayList<>(pending);
            pending.clear();
            for (Runnable r : run) {
                r.run();
            }
            out.append(g17(t)).append(',').append(g17(shownValue)).append(',')
                    .append(g17(shownVelocity)).append(',').append(ended ? 1 : 0).append('\n');
        }
        System.out.print(out);
    }
}
