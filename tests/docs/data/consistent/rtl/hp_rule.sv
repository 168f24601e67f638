// S2 in the RTL.
function automatic logic second_rule(logic x);
  second_rule = x;
endfunction
