/*
 * Drive.cs - Unity's Mathf.SmoothDamp (compiled from UnityCsReference's
 * Mathf.cs by gen.sh, which copies the method in at generation time),
 * called once a frame as a script's Update() calls it, on a controlled
 * clock; prints the golden CSV of tests/engines/README.md in C#'s
 * "G17" (17 digits, read back exactly; gen.sh prints them as C's %.17g).
 *
 *   mono drive.exe SMOOTH_TIME MAX_SPEED X0 V0 TARGET DURATION (DT | @FILE)
 *
 * MAX_SPEED "inf" is Mathf.Infinity (SmoothDamp's default).  The
 * animation starts at wall time 0, between frames; frame k (wall time
 * t_k, springsim's clock: k dt, or the Neumaier sum of a frame list)
 * has Time.deltaTime = (float)(t_k - t_{k-1}), capped at
 * Time.maximumDeltaTime (1/3 s, Unity's default).  SmoothDamp never ends
 * the motion: done is 0 on every row.
 */
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using UnityEngine;

public static class Drive
{
	const float MaximumDeltaTime = 1.0f / 3.0f;

	/* The frame times, as springsim's clock computes them. */
	static List<double> FrameTimes(string spec, double duration)
	{
		var t = new List<double>();
		if (!spec.StartsWith("@")) {
			double dt = double.Parse(spec, CultureInfo.InvariantCulture);
			for (int n = 1; n * dt <= duration + 1e-9; n++)
				t.Add(n * dt);
			return t;
		}
		double wall = 0.0, comp = 0.0;
		foreach (string raw in File.ReadAllLines(spec.Substring(1))) {
			string line = raw.Trim();
			if (line.Length == 0)
				continue;
			double d = double.Parse(line, CultureInfo.InvariantCulture);
			double sum = wall + d;
			if (Math.Abs(wall) >= Math.Abs(d))
				comp += (wall - sum) + d;
			else
				comp += (d - sum) + wall;
			wall = sum;
			if (wall + comp > duration + 1e-9)
				break;
			t.Add(wall + comp);
		}
		return t;
	}

	static double Num(string s)
	{
		return double.Parse(s, CultureInfo.InvariantCulture);
	}

	static string R(double x)
	{
		return x.ToString("G17", CultureInfo.InvariantCulture);
	}

	public static void Main(string[] args)
	{
		float smoothTime = (float)Num(args[0]);
		float maxSpeed = args[1] == "inf" ? Mathf.Infinity : (float)Num(args[1]);
		float current = (float)Num(args[2]);
		float velocity = (float)Num(args[3]);
		float target = (float)Num(args[4]);
		double duration = Num(args[5]);
		List<double> times = FrameTimes(args[6], duration);
		var out_ = new StringBuilder("t,x,v,done\n");
		double prev = 0.0;

		foreach (double t in times) {
			float deltaTime = (float)(t - prev);
			prev = t;
			if (deltaTime > MaximumDeltaTime)
				deltaTime = MaximumDeltaTime;
			current = Mathf.SmoothDamp(current, target, ref velocity,
			    smoothTime, maxSpeed, deltaTime);
			out_.Append(R(t)).Append(',').Append(R((double)current))
			    .Append(',').Append(R((double)velocity)).Append(",0\n");
		}
		Console.Write(out_.ToString());
	}
}
