// The same assertions hp_alu carries (rtl/sva/hp_alu_bind.sv), on the faulty test unit.
bind hp_faulty_line hp_alu_assertions #(
  .Lanes   (Lanes),
  .Depth   (Depth),
  .TagWidth(TagWidth)
) u_assertions (.*);
