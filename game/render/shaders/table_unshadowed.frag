#version 150
// table.frag without the shadow lookup, for the floor (shading.apply): the floor stands for the
// room's floor below the table, where no piece's shadow lands, and it covers much of the picture;
// on llvmpipe the lookup is the dearest part of a pixel, and a branch would not skip it.
uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[2];
in vec4 v_base;
in vec3 v_key;
in vec4 v_shadow;
in vec2 v_uv;
uniform sampler2D p3d_Texture0;
uniform float textured;           // 1 on printed pieces and cards (shading.print_on), else 0
out vec4 frag;
void main() {
    vec4 printed = textured > 0.5 ? texture(p3d_Texture0, v_uv) : vec4(1.0);
    frag = vec4((v_base.rgb + v_key) * printed.rgb, v_base.a * printed.a);
}
