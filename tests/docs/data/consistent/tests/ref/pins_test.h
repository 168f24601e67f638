// Pins S1..S2, one range.
