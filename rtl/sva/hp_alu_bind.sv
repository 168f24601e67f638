// Every hp_alu carries its assertions (hp_alu_assertions.sv).
bind hp_alu hp_alu_assertions #(
  .Lanes   (Lanes),
  .Depth   (Depth),
  .TagWidth(TagWidth)
) u_assertions (.*);
