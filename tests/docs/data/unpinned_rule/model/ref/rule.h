inline int first_rule() { return 1; }   // S1
inline int second_rule() { return 2; }  // S2
