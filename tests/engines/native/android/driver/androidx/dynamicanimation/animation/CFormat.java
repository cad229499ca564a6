/*
 * CFormat.java - C's printf("%.17g", x) for the golden files, so that the
 * Java and C generators print the same digits.
 */
package androidx.dynamicanimation.animation;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

final class CFormat {
    static String g17(double x) {
        if (x == 0.0) {
            return (1 / x < 0) ? "-0" : "0";
        }
        BigDecimal b = new BigDecimal(x).round(new MathContext(17, RoundingMode.HALF_EVEN));
        int exp = b.precision() - b.scale() - 1;
        if (exp < -4 || exp >= 17) {
            String digits = b.unscaledValue().abs().toString();
            while (digits.length() < 17) {
                digits += "0";
            }
            digits = digits.substring(0, 17).replaceAll("0+$", "");
            String mant = digits.substring(0, 1) + (digits.length() > 1 ? "." + digits.substring(1) : "");
            return (x < 0 ? "-" : "") + mant + "e" + (exp < 0 ? "-" : "+")
                    + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
        }
        String s = b.toPlainString();
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s;
    }
}
