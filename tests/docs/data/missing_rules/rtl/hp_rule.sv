// The RTL of the rule
// that cites S30, which no document defines.
