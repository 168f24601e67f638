inline int first_rule() { return 1; }  // S1, S2, S3
