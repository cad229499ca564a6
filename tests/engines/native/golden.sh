# golden.sh - sourced by android/gen.sh and box2d/gen.sh: one golden file
# from a driver's rows.
#
# golden_write FILE ENGINE FLAGS DURATION CLOCK DRIVER [ARG...]
#
# runs DRIVER ARG... (its output: the t,x,v,done header and a row a frame)
# and writes FILE: `# engine: ENGINE`, `# springsim: FLAGS` and the clock's
# flags, then the rows.  CLOCK is a frame time (--dt) or @FILE (a recorded
# schedule, --frames-from).  The drivers stop at the last frame ending by
# DURATION, where springsim's --duration runs the frame that crosses it
# too: a recorded schedule is cut by its count of frames instead.  Needs
# $work, the caller's scratch directory.
golden_write() {
	file=$1 engine=$2 flags=$3 dur=$4 clk=$5
	shift 5
	case $clk in
	@*) clkarg="--frames-from ${clk#@}" ;;
	*) clkarg="--dt $clk" ;;
	esac
	body=$work/body.csv
	"$@" >"$body"
	cut="--duration $dur"
	case $clk in @*) cut="--frames $(($(wc -l <"$body") - 1))" ;; esac
	{
		echo "# engine: $engine"
		echo "# springsim: $flags $clkarg $cut"
		cat "$body"
	} >"$file"
}
