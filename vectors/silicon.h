// What silicon has confirmed: the forms whose every input the silicon campaign ran on a GPU
// (`halfpipe silicon --campaign`) agreed bit for bit with the reference, per SM, with the
// results folder that is the evidence (silicon/results/). `gen` names them in each file's
// header, so that a file's consumer knows which of its expected values a chip has produced.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace halfpipe::vectors {

struct SiliconConfirmation {
  std::string sm;       // "sm_90"
  std::string results;  // "silicon/results/sm_90/"
};

// The GPUs on which the campaign confirmed `canonical_form` (isa::ptx_form's spelling); empty
// when none has.
std::vector<SiliconConfirmation> silicon_confirmations(std::string_view canonical_form);

// The header line of a generated file (after `comment`): for each SM, which of `forms` it
// confirms; or that none is confirmed.
std::string silicon_header(const std::vector<std::string>& forms, std::string_view comment);

}  // namespace halfpipe::vectors
