// S1: the first rule.
inline int first_rule() { return 1; }
// S2: a rule the document never states.
