package repogen

import (
	"fmt"
	"math/rand"
)

// TouchFiles modifies n distinct existing code files with a realistic body
// edit (a new call and a new comment in one function) and commits them. For
// C only the .c file of a pair changes. Benchmarks use it to make commits of
// a known size.
func (r *Repo) TouchFiles(n int, rnd *rand.Rand) (Commit, error) {
	us := r.st.sortedUnits("")
	if n < 1 || n > len(us) {
		return Commit{}, fmt.Errorf("touch %d files: the tree has %d code files", n, len(us))
	}
	picked := make([]*unit, 0, n)
	for _, i := range rnd.Perm(len(us))[:n] {
		picked = append(picked, us[i])
	}
	ops := make([]string, 0, n)
	for _, u := range picked {
		r.rev++
		r.st.remember(u)
		fs := u.allFuncs()
		f := fs[rnd.Intn(len(fs))]
		op := "modify " + u.Path + ": " + f.Name + " gains a comment"
		if c, ok := r.newCall(rnd, u, f); ok {
			f.Calls = append(f.Calls, c)
			op = "modify " + u.Path + ": " + f.Name + " calls " + describeCall(c)
		}
		f.Notes = append(f.Notes, fmt.Sprintf("Revision %d: keep the running total bounded.", r.rev))
		r.putUnit(u)
		ops = append(ops, op)
	}
	return r.commit(fmt.Sprintf("Touch %d files", n), ops)
}
