// Stub for the JVM: the three methods AnimationHandler uses, on a HashMap.
package androidx.collection;

import java.util.HashMap;

public class SimpleArrayMap<K, V> {
    private final HashMap<K, V> mMap = new HashMap<>();

    public V get(K key) {
        return mMap.get(key);
    }

    public V put(K key, V value) {
        return mMap.put(key, value);
    }

    public V remove(K key) {
        return mMap.remove(key);
    }
}
