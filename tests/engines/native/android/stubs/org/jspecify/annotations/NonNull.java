// Stub: the annotation only.
package org.jspecify.annotations;

public @interface NonNull {
}
