/*
 * nameset.h - a set of names (strings the caller keeps alive), each with
 * an int, found by hashing (FNV-1a, open addressing).  The option tables
 * a command builds at each start compared every name with every other
 * (~30000 strcmp calls a start: a quarter of the start of a run of a
 * few frames in the page's WebAssembly, 60 of 230 us: docs/web.md).
 * Private to the program; header only.
 */
#ifndef NAMESET_H
#define NAMESET_H

#include <string.h>

/* slots: a power of two, at least twice the names held */
#define NAMESET_SLOTS 512

struct nameset {
	const char *name[NAMESET_SLOTS];
	int value[NAMESET_SLOTS];
	int n;
};

/* Empty. */
static inline void
nameset_init(struct nameset *s)
{
	memset(s->name, 0, sizeof(s->name));
	s->n = 0;
}

/* Where name is, or the empty slot it would go to. */
static inline unsigned
nameset_slot(const struct nameset *s, const char *name)
{
	unsigned h = 2166136261u;
	const unsigned char *p;

	for (p = (const unsigned char *)name; *p != '\0'; p++)
		h = (h ^ *p) * 16777619u;
	for (h &= NAMESET_SLOTS - 1; s->name[h] != NULL &&
	    strcmp(s->name[h], name) != 0; h = (h + 1) & (NAMESET_SLOTS - 1))
		;
	return h;
}

/* name's value, or -1 when it is not in the set. */
static inline int
nameset_get(const struct nameset *s, const char *name)
{
	unsigned h = nameset_slot(s, name);

	return s->name[h] != NULL ? s->value[h] : -1;
}

/*
 * name's value set (name added when new): 0, or -1 when the set is half
 * full already (a table bigger than the caller planned: its bug).
 */
static inline int
nameset_put(struct nameset *s, const char *name, int value)
{
	unsigned h = nameset_slot(s, name);

	if (s->name[h] == NULL) {
		if (2 * (s->n + 1) > NAMESET_SLOTS)
			return -1;
		s->name[h] = name;
		s->n++;
	}
	s->value[h] = value;
	return 0;
}

#endif
