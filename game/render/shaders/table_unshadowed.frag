#version 150
// table.frag without the shadow lookup, for the floor (shading.apply): the floor stands for the
// room's floor below the table, where no piece's shadow lands, and it covers much of the picture;
// on llvmpipe the lookup is the dearest part of a pixel, and a branch would not skip it. Nothing
// printed lies on the floor: no texture either.
uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[2];
in vec4 v_base;
in vec3 v_key;
in vec4 v_shadow;
out vec4 frag;
void main() {
    frag = vec4(v_base.rgb + v_key, v_base.a);
}
