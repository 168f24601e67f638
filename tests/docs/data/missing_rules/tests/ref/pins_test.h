// Pins S1 and S2.
